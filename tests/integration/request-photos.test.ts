// Photos with a repair request (issue 24), stored in the database (bytea): the metadata test, every
// refusal, who sees what and deletion. On PGlite by default, on PostgreSQL with TEST_DATABASE_URL.
// The same tests against S3-compatible storage: request-photos-s3.test.ts.
import { photoSuite } from "../helpers/photo-suite";

photoSuite({ name: "the database" });
