import type { StoredEvent } from '@cubre/schemas/events';
import type { BusConsumer, IncomingMessage, MessageBus } from '@cubre/platform/ports/bus';
import { newEvent } from '../support/events';

export interface BusUnderTest {
  bus: MessageBus;
  /** Topics this suite may use; they exist on the broker already. */
  topics: [string, string];
  /**
   * Resolves once `consumer` has gone round its delivery loop after the call: whatever it could have
   * received by then, it has handled (and committed). Bounds a test that proves nothing arrives, and one
   * that reads the lag after the handler, by the bus's own progress instead of a guessed wait.
   */
  deliveryRound(consumer: BusConsumer): Promise<void>;
  close(): Promise<void>;
}

let positions = 1_000_000;
function storedEvent(streamId: string, revision: number): StoredEvent {
  const event = newEvent('ThingHappened', { revision });
  return { ...event, streamId, revision, globalPosition: positions++ };
}

/** Collects what a consumer receives, and resolves when a condition on it holds. */
function collector() {
  const received: IncomingMessage[] = [];
  let check: (() => void) | undefined;
  return {
    received,
    push(messages: IncomingMessage[]) {
      received.push(...messages);
      check?.();
    },
    until(condition: (received: IncomingMessage[]) => boolean, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out with ${received.length} messages`)),
          timeoutMs,
        );
        check = () => {
          if (condition(received)) {
            clearTimeout(timer);
            check = undefined;
            resolve();
          }
        };
        check();
      });
    },
  };
}

let groupCounter = 0;
const uniqueGroup = (name: string) => `test.${name}.${process.pid}.${Date.now()}.${groupCounter++}`;

/** The behaviour every bus adapter must have (issue 2, item 4). */
export function busContract(makeBus: () => Promise<BusUnderTest>): void {
  let underTest: BusUnderTest;
  beforeAll(async () => {
    underTest = await makeBus();
  }, 30_000);
  afterAll(async () => {
    await underTest.close();
  });

  const publish = (topic: string, streamId: string, revisions: number[]) =>
    underTest.bus.publish(revisions.map((r) => ({ topic, key: streamId, event: storedEvent(streamId, r) })));

  test('a consumer group receives every published message, in order per key, with the event intact', async () => {
    const [topic] = underTest.topics;
    const seen = collector();
    const stream = `thing-${groupCounter}-a`;
    const consumer = await underTest.bus.consume({
      groupId: uniqueGroup('order'),
      topics: [topic],
      handle: async (m) => seen.push(m),
    });
    await publish(topic, stream, [0, 1, 2, 3, 4]);
    await seen.until((r) => r.filter((m) => m.key === stream).length >= 5);
    const mine = seen.received.filter((m) => m.key === stream);
    expect(mine.map((m) => m.event.revision)).toEqual([0, 1, 2, 3, 4]);
    expect(mine[0]!.topic).toBe(topic);
    expect(mine[0]!.event.streamId).toBe(stream);
    await consumer.stop();
  }, 60_000);

  test('two groups each receive every message; a group only gets its topics', async () => {
    const [topicA, topicB] = underTest.topics;
    const a = collector();
    const b = collector();
    const stream = `thing-${groupCounter}-b`;
    const [consumerA, consumerB] = await Promise.all([
      underTest.bus.consume({ groupId: uniqueGroup('a'), topics: [topicA], handle: async (m) => a.push(m) }),
      underTest.bus.consume({
        groupId: uniqueGroup('b'),
        topics: [topicA, topicB],
        handle: async (m) => b.push(m),
      }),
    ]);
    await publish(topicA, stream, [0, 1]);
    await publish(topicB, `${stream}-other`, [0]);
    await b.until((r) => r.filter((m) => m.key.startsWith(stream)).length >= 3);
    await a.until((r) => r.filter((m) => m.key === stream).length >= 2);
    expect(a.received.some((m) => m.topic === topicB)).toBe(false);
    await Promise.all([consumerA.stop(), consumerB.stop()]);
  }, 60_000);

  test('a handler that throws gets the same messages again; nothing is skipped', async () => {
    const [topic] = underTest.topics;
    const stream = `thing-${groupCounter}-c`;
    const seen = collector();
    let failures = 0;
    const consumer = await underTest.bus.consume({
      groupId: uniqueGroup('retry'),
      topics: [topic],
      handle: async (messages) => {
        if (messages.some((m) => m.key === stream && m.event.revision === 1) && failures < 2) {
          failures++;
          throw new Error('projection database unavailable');
        }
        seen.push(messages);
      },
    });
    await publish(topic, stream, [0, 1, 2]);
    await seen.until((r) =>
      r
        .filter((m) => m.key === stream)
        .map((m) => m.event.revision)
        .includes(2),
    );
    expect(failures).toBe(2);
    const revisions = seen.received.filter((m) => m.key === stream).map((m) => m.event.revision);
    expect(revisions).toContain(1);
    expect(new Set(revisions)).toEqual(new Set([0, 1, 2]));
    await consumer.stop();
  }, 90_000);

  test('a paused consumer gets nothing until resumed, then everything', async () => {
    const [topic] = underTest.topics;
    const stream = `thing-${groupCounter}-d`;
    const seen = collector();
    const consumer = await underTest.bus.consume({
      groupId: uniqueGroup('pause'),
      topics: [topic],
      handle: async (m) => seen.push(m),
    });
    await publish(topic, stream, [0]);
    await seen.until((r) => r.some((m) => m.key === stream));
    consumer.pause();
    await publish(topic, stream, [1, 2]);
    // Published and acknowledged before the round began: an unpaused consumer would have handled them in it.
    await underTest.deliveryRound(consumer);
    expect(seen.received.filter((m) => m.key === stream)).toHaveLength(1);
    // While paused, the group's lag counts what it has not handled; once it caught up, nothing.
    if (consumer.lag) expect(await consumer.lag()).toBeGreaterThanOrEqual(2);
    consumer.resume();
    await seen.until((r) => r.filter((m) => m.key === stream).length >= 3);
    if (consumer.lag) {
      // The handler has returned; the offsets are committed once the consumer finished its round.
      await underTest.deliveryRound(consumer);
      expect(await consumer.lag()).toBe(0);
    }
    await consumer.stop();
  }, 60_000);
}

/**
 * Offsets are committed only after the handler: a new consumer in the same group resumes after the last
 * handled message (for a bus whose groups outlive their consumers: Kafka).
 */
export function committedOffsetsContract(makeBus: () => Promise<BusUnderTest>): void {
  test('a new consumer in a group resumes after the committed offsets, without redelivering handled messages', async () => {
    const underTest = await makeBus();
    const [topic] = underTest.topics;
    const stream = `thing-${groupCounter}-e`;
    const groupId = uniqueGroup('resume');
    const first = collector();
    const consumer = await underTest.bus.consume({
      groupId,
      topics: [topic],
      handle: async (m) => first.push(m),
    });
    await publish(underTest, topic, stream, [0, 1, 2]);
    await first.until((r) => r.filter((m) => m.key === stream).length >= 3);
    await consumer.stop();
    await publish(underTest, topic, stream, [3, 4]);
    const second = collector();
    const again = await underTest.bus.consume({
      groupId,
      topics: [topic],
      handle: async (m) => second.push(m),
    });
    await second.until((r) => r.filter((m) => m.key === stream).length >= 2);
    expect(second.received.filter((m) => m.key === stream).map((m) => m.event.revision)).toEqual([3, 4]);
    await again.stop();
    await underTest.close();
  }, 90_000);
}

function publish(underTest: BusUnderTest, topic: string, streamId: string, revisions: number[]) {
  return underTest.bus.publish(
    revisions.map((r) => ({ topic, key: streamId, event: storedEvent(streamId, r) })),
  );
}
