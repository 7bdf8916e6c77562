import type { EndpointData } from '@jcbb/contract/endpoint';
import { messageEndpoints } from '@jcbb/contract/message.endpoints';
import { systemEndpoints } from '@jcbb/contract/system.endpoints';
import { vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { answer, type Failure, failure, fakeServer } from '../../../test/fake-server.ts';
import type { MessageListQuery, MessageScope } from '../api.ts';

type Data<K extends keyof typeof messageEndpoints> = EndpointData<(typeof messageEndpoints)[K]>;

/**
 * The message calls, answered by the fake server (test/fake-server.ts) through one mock function per call that a
 * test sets and inspects: each receives what the console sent (the list's query, a message's id, the scope) and
 * returns the answer's data, or throws an `ApiError` for a refusal (sent as that status, code and message). The
 * calls go through the real api.ts, client and `fetch`: the web project's files share their modules
 * (vitest.config.ts), so a test answers on the wire and never replaces a module (`vi.mock`).
 */
export function messageServer() {
  const calls = {
    getMessageList: vi.fn<(query: MessageListQuery) => Promise<Data<'getMessageList'>>>(),
    getMessageDetails: vi.fn<(id: number) => Promise<Data<'getMessageDetails'>>>(),
    updateReadPoint: vi.fn<(scope: MessageScope) => Promise<Data<'updateReadPoint'>>>(),
    deleteMessage: vi.fn<(id: number) => Promise<Data<'deleteMessage'>>>(),
    deleteAllMessage: vi.fn<(scope: MessageScope) => Promise<Data<'deleteAllMessage'>>>(),
    getOpenConfig: vi.fn<() => Promise<EndpointData<typeof systemEndpoints.getOpenConfig>>>(),
  };
  fakeServer(
    answer(messageEndpoints.getMessageList, (req) =>
      relay(() => calls.getMessageList(req.body as unknown as MessageListQuery)),
    ),
    answer(messageEndpoints.getMessageDetails, (req) => relay(() => calls.getMessageDetails(Number(req.body.id)))),
    answer(messageEndpoints.updateReadPoint, (req) => relay(() => calls.updateReadPoint(req.body as MessageScope))),
    answer(messageEndpoints.deleteMessage, (req) => relay(() => calls.deleteMessage(Number(req.body.id)))),
    answer(messageEndpoints.deleteAllMessage, (req) => relay(() => calls.deleteAllMessage(req.body as MessageScope))),
    answer(systemEndpoints.getOpenConfig, () => relay(() => calls.getOpenConfig())),
  );
  return calls;
}

/** The mock's answer, or its ApiError as the server's refusal. */
async function relay<T>(reply: () => Promise<T>): Promise<T | Failure> {
  try {
    return await reply();
  } catch (error) {
    if (error instanceof ApiError) return failure(error.status, error.code, error.message, error.data);
    throw error;
  }
}
