import { endpoint } from './endpoint.ts';
import {
  deleteMessageBody,
  deleteMessagesData,
  messageBulkBody,
  messageIdBody,
  messageListBody,
  messageListData,
  messageSchema,
  updateReadPointData,
} from './message.ts';

/** The message centre's calls (spec §7, `/notice/bmMessage/*`). */
export const messageEndpoints = {
  getMessageList: endpoint({
    method: 'POST',
    path: '/notice/bmMessage/getMessageList',
    body: messageListBody,
    response: messageListData,
  }),
  getMessageDetails: endpoint({
    method: 'POST',
    path: '/notice/bmMessage/getMessageDetails',
    body: messageIdBody,
    response: messageSchema,
  }),
  updateReadPoint: endpoint({
    method: 'POST',
    path: '/notice/bmMessage/updateReadPoint',
    body: messageBulkBody,
    response: updateReadPointData,
  }),
  deleteMessage: endpoint({
    method: 'POST',
    path: '/notice/bmMessage/deleteMessage',
    body: deleteMessageBody,
    response: deleteMessagesData,
  }),
  deleteAllMessage: endpoint({
    method: 'POST',
    path: '/notice/bmMessage/deleteAllMessage',
    body: messageBulkBody,
    response: deleteMessagesData,
  }),
};
