export function CustomersListScreen() {
  return <h1>Gestion clients</h1>;
}
