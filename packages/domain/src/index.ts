/**
 * @solar/domain: the product's rules, formulas and messages (docs/product.md) as pure
 * TypeScript. Each module is also importable as `@solar/domain/<file>`.
 */
export * from './audit.ts';
export * from './audit-requests.ts';
export * from './chat.ts';
export * from './constants.ts';
export * from './contract.ts';
export * from './dashboard.ts';
export * from './dates.ts';
export * from './email.ts';
export * from './errors.ts';
export * from './estimate.ts';
export * from './jwt.ts';
export * from './lifetime.ts';
export * from './lifetime-messages.ts';
export * from './messages.ts';
export * from './message-text.ts';
export * from './paging.ts';
export * from './permissions.ts';
export * from './proposal.ts';
export * from './pipeline.ts';
export * from './pipeline-contract.ts';
export * from './pipeline-dates.ts';
export * from './pv-system.ts';
export * from './quick-calculator-data.ts';
export * from './rate-limit.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './saved-views.ts';
export * from './saved-view-requests.ts';
export * from './session.ts';
export * from './solar-facts.ts';
export * from './system-configuration.ts';
export * from './validation.ts';
export * from './chat-rules.ts';
export * from './work-queue.ts';
