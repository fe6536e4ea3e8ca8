#!/usr/bin/env node
/**
 * Validates an OpenAPI document (JSON on standard input) with @seriousme/openapi-schema-validator,
 * which is an ES module only: mock-api/test/v2/openapi.test.ts runs this in its own Node process.
 * Prints `{ valid, version, errors }` as JSON; exits 1 when the document is not valid.
 */
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? [] }));
process.exitCode = result.valid ? 0 : 1;
