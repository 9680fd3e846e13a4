// The parts of Fixwell listed on /system-status and the state of each. Names, descriptions and the
// states' labels are in the catalogue (pages.systemStatus.systems.<id>, pages.systemStatus.states). The
// payment gateway's state is found out when the page is made (lib/payments/health.ts).

export type SystemState = "operational" | "test" | "unavailable";

export type SystemStatus = { id: string; state: SystemState };

export function systemStatuses(paymentGateway: SystemState): SystemStatus[] {
  return [
    { id: "booking-system", state: "operational" },
    { id: "payment-gateway", state: paymentGateway },
    { id: "user-dashboard", state: "operational" },
    { id: "sign-in", state: "operational" },
  ];
}
