// The part of s3rver (an S3-compatible server for tests, which ships no types) the photo tests use.
declare module "s3rver" {
  type Options = { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
