import { useEffect, useState, useSyncExternalStore } from 'react';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { ThemeChoiceProvider } from '../../ui/theme-context';
import { liveStore } from './live';
import { LiveView } from './LiveView';
import { Banner, Code, Kbd, Page, Section } from './parts';
import { RECORD_SHORTCUT } from './protocol';
import { RecordingPanel } from './RecordingPanel';
import { ReplayPanel, type LoadedRecording } from './ReplayPanel';

function Help() {
  return (
    <Section aria-labelledby="help-heading">
      <h2 id="help-heading">How to use</h2>
      <ul>
        <li>
          Open the app with <Code>?inspect</Code> in its address (<Code>/login?inspect</Code>): this window opens by
          itself and shows every flow (XState machine) as it runs. <Code>?inspect=stately</Code> sends them to
          stately.ai instead.
        </li>
        <li>
          Record a flow with the buttons above, or with <Kbd>{RECORD_SHORTCUT}</Kbd> in the app window (press it again
          to stop; the app downloads the file).
        </li>
        <li>
          Replay a download on this build&apos;s machines: <Code>npm run replay -- flow-….json</Code> prints each state
          and fails where the flow diverges.
        </li>
        <li>
          Passwords, tokens, OTPs and card data are masked by the app before anything reaches this window or a
          recording.
        </li>
      </ul>
    </Section>
  );
}

function Inspector() {
  const store = liveStore();
  const model = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [loaded, setLoaded] = useState<LoadedRecording | null>(null);

  useEffect(() => {
    document.title = 'Flow inspector · Anchor Portal';
  }, []);

  return (
    <Page>
      <Banner>
        <div>
          <h1>Flow inspector</h1>
          <p>Every flow of the app as it runs: its actors, their states, the events and what they changed.</p>
        </div>
        <ThemeToggle />
      </Banner>
      <main id="main">
        <RecordingPanel
          model={model}
          onStepThrough={(recording, fileName) => {
            setLoaded({ recording, fileName });
            // Where the steps are: the reader moves there with the focus.
            setTimeout(() => document.getElementById('replay-heading')?.focus(), 0);
          }}
        />
        <LiveView model={model} onClear={store.clearTimeline} />
        <ReplayPanel loaded={loaded} onLoad={setLoaded} />
        <Help />
      </main>
    </Page>
  );
}

/**
 * QA's own inspector at /__inspector, which works offline where stately.ai cannot be reached: the app's flows
 * live, recording, and stepping through a recording.
 */
export function InspectorPage() {
  return (
    <ThemeChoiceProvider>
      <Inspector />
    </ThemeChoiceProvider>
  );
}
