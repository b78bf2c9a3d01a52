export function NewCustomerScreen() {
  return <h1>Nouveau client</h1>;
}
