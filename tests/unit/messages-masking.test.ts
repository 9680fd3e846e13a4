// The contact mask (lib/messages/masking.ts): every way round it the trust review named, and more, is
// masked; ordinary text about prices, days, times and addresses is left exactly as written; what is
// masked is the span of the original text, so the rest reads as typed.
import { describe, expect, it } from "vitest";
import { holdsContactDetails, maskContactDetails } from "../../lib/messages/masking";

const X = "[hidden]";
const ZWSP = "\u200b";
const ZWJ = "\u200d";
const WJ = "\u2060";
const SHY = "\u00ad";

describe("contact details are masked however they are written", () => {
  const cases: [string, string, string][] = [
    ["a plain mobile number", "Call 0612345678 tomorrow", `Call ${X} tomorrow`],
    ["a number with spaces", "Call 06 12 34 56 78 tomorrow", `Call ${X} tomorrow`],
    ["a number with a dash after 06", "Bel 06-12 34 56 78", `Bel ${X}`],
    ["a number in dashes", "06-12-34-56-78", X],
    ["a number in dots", "06.12.34.56.78", X],
    ["a number in colons", "06:12:34:56:78", X],
    ["an international number", "whatsapp +31 6 1234 5678 please", `whatsapp ${X} please`],
    ["an international number with 00", "0031-6-12345678", X],
    ["a landline with brackets", "(020) 123 4567", `(${X}`],
    ["zero-width spaces between the digits", `0${ZWSP}6${ZWSP}1${ZWSP}2${ZWSP}3${ZWSP}4${ZWSP}5${ZWSP}6${ZWSP}7${ZWSP}8`, X],
    ["word joiners, zero-width joiners and soft hyphens", `06${WJ}12${ZWJ}34${SHY}56${ZWSP}78 ok`, `${X} ok`],
    ["fullwidth digits", "call ０６１２３４５６７８", `call ${X}`],
    ["Arabic-Indic digits", "رقمي ٠٦١٢٣٤٥٦٧٨", `رقمي ${X}`],
    ["Extended Arabic-Indic digits", "۰۶۱۲۳۴۵۶۷۸", X],
    ["Devanagari digits", "०६१२३४५६७८", X],
    ["mixed scripts of digits", "0६1٢3４5678", X],
    ["any punctuation between digits", "06*12_34~56#78", X],
    ["digits with letters spaced out between", "0 6 - 1 2 - 3 4 - 5 6 - 7 8", X],
    ["a plain address", "mail jan@example.nl now", `mail ${X} now`],
    ["an address with a fullwidth at", "mail jan＠example.nl now", `mail ${X} now`],
    ["an address with a small at (﹫)", "jan﹫example.com", X],
    ["an address in fullwidth letters", "ｊａｎ＠ｅｘａｍｐｌｅ．ｎｌ", X],
    ["an address with zero-width spaces", `jan${ZWSP}@${ZWSP}example${ZWSP}.nl`, X],
    ["at and dot spelled out", "mail jan at example dot com", `mail ${X}`],
    ["(at) and (dot) in brackets", "jan (at) example (dot) com!", `${X}!`],
    ["[at] and [dot] in square brackets, in capitals", "jan[AT]example[DOT]nl", X],
    ["Dutch apenstaartje and punt", "mail naar jan apenstaartje voorbeeld punt nl graag", `mail naar ${X} graag`],
    ["spelled at with a real dot", "jan at example.org", X],
    ["a real at with spaced dots", "jan @ example . com", X],
    ["a dotted local part and a subdomain", "j.de.vries at mail dot example dot co dot uk", X],
  ];
  it.each(cases)("%s", (_name, text, shown) => {
    expect(maskContactDetails(text, X)).toBe(shown);
    expect(holdsContactDetails(text)).toBe(true);
  });
});

describe("ordinary text is left as written", () => {
  const cases: [string, string][] = [
    ["a price in euros", "It costs € 45, or €45,50 with the part."],
    ["a larger price", "About 1.250 euro for the whole kitchen, 120 euros an hour"],
    ["hours", "Between 9 and 17, on 2026-12-01, about 120 euros"],
    ["a day written dd-mm", "Can you come on 12-03 or 14-03?"],
    ["days and a time range", "On 12-03, 10:00-12:00 or 14-03, 13:30-15:00"],
    ["a full day and a time", "on 01-12-2026, 10:00 please"],
    ["a slashed day", "12/03/2026 at 9:30 works"],
    ["an ISO day and a time", "2026-12-01 10:00"],
    ["a house number and postcode", "Keizersgracht 123, 1012 AB Amsterdam"],
    ["a postcode without a space", "1012AB, floor 3"],
    ["measurements", "The pipe is 15 mm, the wall 2.40 m by 3.10 m"],
    ["a year", "Plumber since 2009, 15 years of work"],
    ["at and dot as words", "I'm at work. Dot the i's and cross the t's."],
    ["a Dutch sentence with punt", "Het punt is dat ik om 10 uur kom, punt uit."],
    ["at as a word before a domain-like word", "Look at this dot matrix printer"],
    ["an at sign alone", "Let's meet @ the house at 10:00"],
    ["a short list of numbers", "Rooms 1, 2 and 3; floors 4 and 5"],
    ["a KvK-length reference in words", "Order 1234 and 5678 are different"],
  ];
  it.each(cases)("%s", (_name, text) => {
    expect(maskContactDetails(text, X)).toBe(text);
    expect(holdsContactDetails(text)).toBe(false);
  });
});

describe("what is shown around a mask", () => {
  it("keeps the original text around the masked span, invisible characters outside it included", () => {
    expect(maskContactDetails(`Hi${ZWSP}! My number: ０６１２３４５６７８, see you`, X)).toBe(`Hi${ZWSP}! My number: ${X}, see you`);
  });

  it("masks two details in one message and keeps what lies between", () => {
    expect(maskContactDetails("Mail jan@example.nl or call 0612345678.", X)).toBe(`Mail ${X} or call ${X}.`);
  });

  it("masks a number and an address that touch as one span", () => {
    expect(maskContactDetails("0612345678jan@example.nl", X)).toBe(X);
  });
});
