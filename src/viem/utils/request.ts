/** What the viem actions need of a client. */
import type { Client } from 'viem'

/**
 * A client's `request`, through its transport (retries and error mapping included). It is
 * core's `Send` as it is; viem types it per method, so actions cast it once where they call.
 */
export type Requester = Pick<Client, 'request'>
