#!/usr/bin/env node
/** The `subnet-rpc` bin (package.json `bin`): runs the command line, ./cli/main.ts. */
import './cli/main.js'
