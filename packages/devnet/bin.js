#!/usr/bin/env node
// The subnet-rpc-devnet bin: checked in (not built) so that npm can link it before the build has run.
import './dist/bin.js'
