import { RegisterPage } from '../../features/auth';

export default function RegisterRoute() {
  return <RegisterPage />;
}
