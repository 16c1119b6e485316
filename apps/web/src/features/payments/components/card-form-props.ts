/** What every processor's card form is given by the payment page. */
export interface CardFormProps {
  orderId: string;
  amount: number;
  onPaid: (transactionId: string) => void;
}
