export function CustomerSheetScreen({ customerId }: { customerId: number }) {
  return <h1>Fiche client {customerId}</h1>;
}
