// The one conversion between our integer cents and the provider's amount strings, both ways.
import { describe, expect, it } from "vitest";
import { amountToCents, centsToAmount } from "../../lib/payments/money";

const TABLE: [number, string][] = [
  [0, "0.00"],
  [1, "0.01"],
  [10, "0.10"],
  [99, "0.99"],
  [100, "1.00"],
  [1234, "12.34"],
  [100_005, "1000.05"],
  [1_000_000, "10000.00"],
];

describe("amounts on the wire", () => {
  it.each(TABLE)("%i cents is EUR %s and back", (cents, value) => {
    expect(centsToAmount(cents)).toEqual({ currency: "EUR", value });
    expect(amountToCents({ currency: "EUR", value })).toBe(cents);
  });

  it.each([-1, 1.5, Number.NaN])("%s cents cannot be sent", (cents) => {
    expect(() => centsToAmount(cents)).toThrow(RangeError);
  });

  it.each([
    ["EUR", "12.3"],
    ["EUR", "12"],
    ["EUR", "-1.00"],
    ["EUR", "1,00"],
    ["USD", "1.00"],
  ])("%s %s is not read as cents", (currency, value) => {
    expect(() => amountToCents({ currency, value })).toThrow(RangeError);
  });
});
