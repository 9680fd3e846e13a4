-- A decided application keeps only its IBAN's last four characters (lib/handymen/applications.ts,
-- forgetIban): payouts go to the account a handyman connects with the payment provider.
UPDATE "handyman_applications" SET "iban" = '****' || right("iban", 4)
 WHERE "status" <> 'submitted' AND "iban" NOT LIKE '****%';
