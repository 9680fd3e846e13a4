// The parts of Fixwell listed on /system-status and the state of each.

export type SystemState = "operational" | "planned";

export const systemStateLabels: Record<SystemState, string> = {
  operational: "Operational",
  planned: "To be operational",
};

export type SystemStatus = {
  id: string;
  name: string;
  state: SystemState;
  description: string;
};

export const systemStatuses: SystemStatus[] = [
  {
    id: "booking-system",
    name: "Booking System",
    state: "operational",
    description: "Sending repair requests and choosing how your handyman is matched.",
  },
  {
    id: "payment-gateway",
    name: "Payment Gateway",
    state: "planned",
    description: "Paying online is not available yet. For now you settle the bill with your handyman after the job.",
  },
  {
    id: "user-dashboard",
    name: "User Dashboard",
    state: "operational",
    description: "Your account details and the list of your previous requests.",
  },
  {
    id: "sign-in",
    name: "Sign In",
    state: "operational",
    description: "Creating an account, signing in and signing out.",
  },
];
