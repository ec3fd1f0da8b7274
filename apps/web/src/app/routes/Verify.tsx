import { VerifyPage } from '../../features/originals/verify';

export default function VerifyRoute() {
  return <VerifyPage />;
}
