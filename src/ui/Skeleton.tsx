import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  from { opacity: 0.45; }
  to { opacity: 0.9; }
`;

/** A grey placeholder bar shown while something loads. */
export const Skeleton = styled.span<{ $width?: string; $height?: string }>`
  display: block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '1em'};
  border-radius: 6px;
  background: ${({ theme }) => theme.surfaceRaised};
  animation: ${pulse} 0.9s ease-in-out infinite alternate;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Stack = styled.div`
  display: grid;
  gap: 12px;
  padding: 24px;
`;

/** The placeholder of a whole screen while it or the profile loads. */
export function ScreenSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <Stack role="status" aria-label={label}>
      <Skeleton $width="40%" $height="28px" />
      <Skeleton $height="120px" />
      <Skeleton $height="240px" />
    </Stack>
  );
}
