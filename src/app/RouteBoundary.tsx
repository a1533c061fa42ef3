import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/form';

const Panel = styled.section`
  margin: 24px;
  padding: 24px;
  border: 1px solid ${({ theme }) => theme.danger};
  border-radius: 12px;
  background: ${({ theme }) => theme.surface};
  h2 {
    margin-top: 0;
  }
`;

interface Props {
  /** What failed, for the message ('Invoices'). */
  name: string;
  children: ReactNode;
}

/** A screen that was built before a deploy can fail to load its chunk: only a reload helps then. */
const isChunkError = (error: Error) =>
  /dynamically imported module|Failed to fetch|Importing a module script failed/i.test(error.message);

/** One per route: a failing screen shows what failed and a retry, never a blank page. */
export class RouteBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.name} screen failed`, error, info.componentStack);
  }

  private retry = () => {
    if (this.state.error && isChunkError(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Panel role="alert">
        <h2>{this.props.name} could not be shown</h2>
        <p>{this.state.error.message || 'Something went wrong!'}</p>
        <Button type="button" onClick={this.retry}>
          Retry
        </Button>
      </Panel>
    );
  }
}
