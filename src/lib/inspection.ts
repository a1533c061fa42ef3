import { useActorRef, useMachine } from '@xstate/react';
import type { InspectionEvent } from 'xstate';

/**
 * QA's view into the flows, to watch, record and replay them: every machine actor of the app is created through
 * here, so that with inspection on (`?inspect` in the address, or a build with VITE_INSPECT=1) each one reports
 * to the inspector and the recorder (src/app/inspect/, loaded only then). With it off this adds nothing: no
 * listener, no `inspect` option. Child actors report through their root's system.
 */
type Listener = (event: InspectionEvent) => void;

let listener: Listener | null = null;

/** Set once at start-up by the inspector hookup (src/app/inspect/connect.ts), before any actor exists. */
export function setInspectionListener(next: Listener | null): void {
  listener = next;
}

/** The `inspect` option for an actor of the app: empty unless inspection is on. */
export function inspectOption(): { inspect?: Listener } {
  return listener ? { inspect: listener } : {};
}

export { INSPECTOR_PATH, inspectTarget, type InspectTarget } from './inspect-target';

/** useActorRef, reporting to the inspector when it is on. */
export const useFlowActor = ((
  logic: Parameters<typeof useActorRef>[0],
  options?: Parameters<typeof useActorRef>[1],
  observer?: Parameters<typeof useActorRef>[2],
) => useActorRef(logic, { ...options, ...inspectOption() } as never, observer)) as typeof useActorRef;

/** useMachine, reporting to the inspector when it is on. */
export const useFlowMachine = ((logic: Parameters<typeof useMachine>[0], options?: Parameters<typeof useMachine>[1]) =>
  useMachine(logic, { ...options, ...inspectOption() } as never)) as typeof useMachine;
