/** The payments area's screens, loaded lazily by the route table (src/app/screens.tsx). */
export { PaymentsPendingScreen, PaymentsReceivedScreen } from './PaymentsScreens';
