/** What every processor's card form is given by the payment page. */
export interface CardFormProps {
  orderId: string;
  /** The order's total, which the server charges whatever the page says. */
  amountCents: number;
  onPaid: (transactionId: string) => void;
}
