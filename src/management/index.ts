/**
 * @module management
 * The protocol-neutral management layer (get / edit / rpc / action / rollback per Session): the
 * only place the front-ends reach the datastore and where NACM meets it. Re-exports only.
 * See DESIGN §3. May import: util, errors, xpath, yang, data, datastore, nacm, auth.
 */
export type { AccessControl } from './access-control.ts';
export { ALLOW_ALL, nacmAccessControl } from './access-control.ts';
export type { TerminationReason } from './control-events.ts';
export { TERMINATION_MESSAGES } from './control-events.ts';
export type { EventFilter } from './event-filter.ts';
export { parseEventFilter } from './event-filter.ts';
export type { EventStreamsOptions, StreamDescription, SubscriptionRequest } from './event-streams.ts';
export {
  DEFAULT_MAX_SUBSCRIPTIONS,
  DEFAULT_MAX_SUBSCRIPTIONS_PER_USER,
  EventStreams,
  NETCONF_STREAM,
  SESSIONS_STREAM,
} from './event-streams.ts';
export type { EventSubscription } from './event-subscription.ts';
export type { LeafTransform } from './leaf-transforms.ts';
export { LeafTransforms } from './leaf-transforms.ts';
export type {
  InvokeResult,
  ManagementReadOptions,
  ManagementServiceOptions,
  ReadResult,
  StoredRead,
} from './management-service.ts';
export { ManagementService } from './management-service.ts';
export type { NestedStateProvider } from './nested-state.ts';
export { NestedStateProviders, resolveDataNode } from './nested-state.ts';
export type { NmdaDatastore } from './nmda-datastores.ts';
export { NMDA_DATASTORES } from './nmda-datastores.ts';
export { checkOperationData } from './operation-data-check.ts';
export type {
  EditChange,
  EditContext,
  EditResult,
  OperationContext,
  OperationHandler,
  OperationOutput,
} from './operation-handler.ts';
export { leafValueOf } from './operation-handler.ts';
export { operationPathText, resolveOperation } from './operation-path.ts';
export type { RestconfStreams, StreamAccess } from './restconf-state-provider.ts';
export { restconfStateProvider } from './restconf-state-provider.ts';
export { rollbackFileJson, rollbackFilesProvider } from './rollback-files-provider.ts';
export type { DataPathParser } from './rollback-operations.ts';
export { APPLY_ROLLBACK_FILE, GET_ROLLBACK_FILE } from './rollback-operations.ts';
export type { CommitNote, Session } from './session.ts';
export { attributionOf } from './session.ts';
export type { StateProvider } from './state-provider.ts';
export { StateProviders, slotFromJson, topLevelNode } from './state-provider.ts';
export type { StreamEvent } from './stream-event.ts';
export { encodeTargetOf, notificationMember } from './stream-event.ts';
export type { SchemaLocation } from './yang-library-provider.ts';
export { yangLibraryProviders } from './yang-library-provider.ts';
