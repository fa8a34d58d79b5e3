import { afterAll } from "vitest";
import { closeSpareDatabase } from "./build-test-app.ts";

// The database reused between the tests of a file is closed with the file.
afterAll(closeSpareDatabase);
