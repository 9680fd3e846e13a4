// The name and address a test homeowner's invoice is made out to, as accepting a quote asks for them
// (acceptQuote's `billing`, and the Accept form's fields of the same names).
export const TEST_BILLING = { billing_name: "Joke de Vries", billing_street: "Oudegracht 12", billing_postcode: "3511 AR" } as const;
