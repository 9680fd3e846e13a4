// The table of a request's allowed steps: who may take which step from which state, and where it leads.
import { describe, expect, it } from "vitest";
import { actionsFor, canTake, REQUEST_STATES, stateAfter, TRANSITIONS, wrongState, type Action, type RequestState } from "@/lib/requests/lifecycle";

describe("the transition table", () => {
  it("lets the homeowner cancel from every state before done, and from none after", () => {
    const cancellable = REQUEST_STATES.filter((state) => canTake("cancel", state, "homeowner"));
    expect(cancellable).toEqual(["submitted", "offered", "unmatched", "accepted", "date_proposed"]);
  });

  it("lets an operator cancel for the homeowner from the same states, and move on a suspended handyman's offer", () => {
    expect(REQUEST_STATES.filter((state) => canTake("cancel", state, "operator"))).toEqual(["submitted", "offered", "unmatched", "accepted", "date_proposed"]);
    expect(actionsFor("offered", "operator")).toEqual(["cancel", "reassign", "withdraw"]);
    expect(stateAfter("reassign", "offered")).toBe("offered");
    expect(stateAfter("withdraw", "offered")).toBe("unmatched");
    expect(actionsFor("offered", "homeowner")).not.toContain("reassign");
  });

  it("moves the day freely before acceptance and only as a proposal after it", () => {
    expect(REQUEST_STATES.filter((state) => canTake("change_date", state))).toEqual(["submitted", "offered", "unmatched"]);
    expect(REQUEST_STATES.filter((state) => canTake("propose_date", state))).toEqual(["accepted", "date_proposed"]);
    expect(stateAfter("change_date", "offered")).toBe("offered");
    expect(stateAfter("propose_date", "accepted")).toBe("date_proposed");
  });

  it.each<[Action, RequestState, RequestState]>([
    ["offer", "submitted", "offered"],
    ["find_nobody", "submitted", "unmatched"],
    ["accept", "offered", "accepted"],
    ["decline", "offered", "declined"],
    ["expire", "offered", "expired"],
    ["pass_on", "declined", "offered"],
    ["pass_on", "expired", "offered"],
    ["run_out", "declined", "unmatched"],
    ["confirm_date", "date_proposed", "accepted"],
    ["keep_date", "date_proposed", "accepted"],
    ["finish", "accepted", "done"],
    ["review", "done", "reviewed"],
    ["cancel", "accepted", "cancelled"],
  ])("%s takes a request from %s to %s", (action, from, to) => {
    expect(canTake(action, from)).toBe(true);
    expect(stateAfter(action, from)).toBe(to);
  });

  it.each<[Action, RequestState]>([
    ["accept", "cancelled"],
    ["accept", "accepted"],
    ["review", "accepted"],
    ["review", "reviewed"],
    ["cancel", "cancelled"],
    ["cancel", "done"],
    ["finish", "offered"],
    ["offer", "accepted"],
  ])("refuses %s from %s", (action, from) => {
    expect(canTake(action, from)).toBe(false);
  });

  it("gives each side only its own steps", () => {
    expect(actionsFor("offered", "homeowner")).toEqual(["offer", "find_nobody", "change_date", "cancel", "state_home_age"]);
    expect(actionsFor("offered", "handyman")).toEqual(["accept", "decline"]);
    // The platform's own: an expiry, and taking a departed handyman out of the market (their open offer
    // moves on, a job they accepted is cancelled).
    expect(actionsFor("offered", "system")).toEqual(["cancel", "expire", "reassign", "withdraw"]);
    // …and on the day of a paid job, a no-show's window ending unchallenged (lib/requests/no-show.ts).
    expect(actionsFor("accepted", "system")).toEqual(["cancel", "settle_no_show"]);
    expect(actionsFor("accepted", "handyman")).toEqual(["withdraw_job", "finish", "send_quote", "on_my_way", "at_the_door", "report_no_show"]);
    expect(actionsFor("accepted", "homeowner")).toContain("report_handyman_no_show");
    // After "done" the homeowner reviews and confirms (which releases the payment), in either order, or reports a problem instead.
    expect(actionsFor("done", "homeowner")).toEqual(["review", "confirm_done", "report_problem"]);
    expect(actionsFor("reviewed", "homeowner")).toEqual(["confirm_done", "report_problem"]);
    expect(actionsFor("done", "handyman")).toEqual([]);
    expect(actionsFor("cancelled", "handyman")).toEqual([]);
  });

  it("leaves no state unreachable and every end state without a way out", () => {
    const reachable = new Set<RequestState>(["submitted"]);
    for (const transition of Object.values(TRANSITIONS)) if (transition.to !== "unchanged") reachable.add(transition.to);
    expect([...reachable].sort()).toEqual([...REQUEST_STATES].sort());
    // Steps that keep the state (confirming a reviewed job) are not ways out.
    const leaving = (state: RequestState, role: "homeowner" | "handyman" | "system" | "operator") =>
      actionsFor(state, role).filter((action) => TRANSITIONS[action].to !== "unchanged");
    for (const end of ["reviewed", "cancelled"] as const) {
      expect(leaving(end, "homeowner").concat(leaving(end, "handyman"), leaving(end, "system"), leaving(end, "operator"))).toEqual([]);
    }
  });

  it("explains a refusal as a 409 that names the state", () => {
    const error = wrongState("cancelled");
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/cancelled/);
  });
});
