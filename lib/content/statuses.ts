// The parts of Fixwell listed on /system-status and the state of each. Names, descriptions and the
// states' labels are in the catalogue (pages.systemStatus.systems.<id>, pages.systemStatus.states).

export type SystemState = "operational" | "planned";

export type SystemStatus = { id: string; state: SystemState };

export const systemStatuses: SystemStatus[] = [
  { id: "booking-system", state: "operational" },
  { id: "payment-gateway", state: "planned" },
  { id: "user-dashboard", state: "operational" },
  { id: "sign-in", state: "operational" },
];
