import type { ProjectionRunner } from '@cubre/platform/projections/runner';
import type { Relay } from '@cubre/platform/relay/relay';
import type { EventStore } from '@cubre/platform/ports/eventStore';

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** Prometheus text exposition (format 0.0.4) of the log, the relay and every projection. */
export async function renderMetrics(parts: {
  eventStore: EventStore;
  relay?: Relay;
  runner?: ProjectionRunner;
  startedAt: number;
}): Promise<string> {
  const head = await parts.eventStore.headPosition();
  const lines: string[] = [];
  const gauge = (name: string, help: string, samples: [labels: Record<string, string>, value: number][]) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
    for (const [labels, value] of samples) {
      const rendered = Object.entries(labels)
        .map(([key, v]) => `${key}="${escapeLabel(v)}"`)
        .join(',');
      lines.push(`${name}${rendered ? `{${rendered}}` : ''} ${value}`);
    }
  };
  gauge('cubre_up_seconds', 'Seconds since this process started.', [
    [{}, Math.round((Date.now() - parts.startedAt) / 1000)],
  ]);
  gauge('cubre_event_store_head_position', 'Global position of the last stored event.', [[{}, head]]);
  if (parts.relay) {
    const position = parts.relay.position();
    gauge('cubre_relay_position', 'Global position the relay has published and checkpointed.', [
      [{}, position],
    ]);
    gauge('cubre_relay_lag_events', 'Events stored but not yet published to the bus.', [
      [{}, Math.max(0, head - position)],
    ]);
    gauge(
      'cubre_relay_parked_events',
      'Events the bus refused for good since start (still in the event store).',
      [[{}, parts.relay.parked()]],
    );
  }
  if (parts.runner) {
    const statuses = parts.runner.status();
    const lags = await parts.runner.lag(head);
    gauge(
      'cubre_projection_position',
      'Global position up to which the projection has applied every event.',
      statuses.map((s) => [{ projection: s.name }, s.position]),
    );
    gauge(
      'cubre_projection_lag_events',
      'Events the projection has still to apply (on Kafka: its consumer group lag).',
      statuses.map((s) => [{ projection: s.name }, lags[s.name] ?? 0]),
    );
    gauge(
      'cubre_projection_ready',
      '1 once the projection has caught up and is not rebuilding.',
      statuses.map((s) => [{ projection: s.name }, s.caughtUp && !s.rebuilding ? 1 : 0]),
    );
    gauge(
      'cubre_projection_applied_events',
      'Events applied by this process since it started.',
      statuses.map((s) => [{ projection: s.name }, s.applied]),
    );
  }
  return `${lines.join('\n')}\n`;
}
