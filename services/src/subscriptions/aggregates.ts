import { RecurrentPaymentDomainEvent, recurrentPaymentDecider } from './recurrentPaymentDecider';
import { SubscriptionDomainEvent, subscriptionDecider } from './subscriptionDecider';

export const subscriptionAggregate = { decider: subscriptionDecider, eventSchema: SubscriptionDomainEvent };
export const recurrentPaymentAggregate = {
  decider: recurrentPaymentDecider,
  eventSchema: RecurrentPaymentDomainEvent,
};
