import { RegisterPage } from '../../features/auth';
import { RegisterPromotions, usePromotions } from '../../features/promotions';

/** /register: the form beside the new-player promotions' carousel (the form alone when there are none). */
export default function RegisterRoute() {
  const promotions = usePromotions('register');
  return <RegisterPage promo={promotions.data?.list.length ? <RegisterPromotions /> : undefined} />;
}
