// Translating requests between the API's words and the database's, and reading an email from a path.
import { describe, expect, it } from "vitest";
import { toDbCity, toDbTaskType } from "@/lib/requests/catalogue";
import { fromStored, toDbDate } from "@/lib/requests/stored";
import { emailFromPath, toRequestRow } from "@/lib/requests/wire";

describe("a stored request as an API row", () => {
  it("answers in the API's values, the date as YYYY-MM-DD and created_at as ISO", () => {
    const row = toRequestRow(
      fromStored({
        id: "0b6f5f4e-8c1a-4f7e-9a41-3f1c0d2e5b77",
        taskType: "Outlet_replacement",
        city: "The_Hague",
        date: new Date("2027-03-01T00:00:00.000Z"),
        details: "<i>as text</i>",
        criterion: null,
        createdAt: new Date("2026-11-21T08:09:10.123Z"),
      }),
    );
    expect(row).toEqual({
      input_id: "0b6f5f4e-8c1a-4f7e-9a41-3f1c0d2e5b77",
      task_type: "Outlet-replacement",
      city: "The Hague",
      date: "2027-03-01",
      details: "<i>as text</i>",
      criteria: null,
      created_at: "2026-11-21T08:09:10.123Z",
    });
  });

  it("maps every task type and city both ways", () => {
    expect(["Outlet-replacement", "Pipe-leakage", "Painting"].map((t) => toDbTaskType(t as never))).toEqual([
      "Outlet_replacement",
      "Pipe_leakage",
      "Painting",
    ]);
    expect(["Amsterdam", "The Hague", "Rotterdam"].map((c) => toDbCity(c as never))).toEqual(["Amsterdam", "The_Hague", "Rotterdam"]);
  });

  it("stores a calendar day as UTC midnight, so no time zone moves it", () => {
    expect(toDbDate("2027-03-28").toISOString()).toBe("2027-03-28T00:00:00.000Z");
  });
});

describe("emailFromPath", () => {
  it.each([
    ["alice@example.test", "alice@example.test"],
    ["alice%40example.test", "alice@example.test"],
    ["  Alice@Example.TEST ", "alice@example.test"],
    ["alice%ZZexample.test", "alice%zzexample.test"],
    ["%E0%A4%A", "%e0%a4%a"],
  ])("reads %j as %j", (segment, email) => {
    expect(emailFromPath(segment)).toBe(email);
  });
});
