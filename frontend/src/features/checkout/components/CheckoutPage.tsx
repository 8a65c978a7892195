import { ComingSoon } from '../../../components/ui/ComingSoon';

export function CheckoutPage() {
  return <ComingSoon title="Checkout" />;
}
