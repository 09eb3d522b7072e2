import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useMergeRefs } from './merge-refs';

function Probe({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div data-testid="probe" ref={useMergeRefs(refs)} />;
}

describe('useMergeRefs (what the build gives Mantine ScrollArea instead of floating-ui)', () => {
  it('when the element mounts, then every ref given holds it; when it unmounts, then every ref is cleared', () => {
    const objectRef = createRef<HTMLDivElement>();
    const seen: Array<HTMLDivElement | null> = [];
    const callbackRef = (node: HTMLDivElement | null) => {
      seen.push(node);
    };
    const view = render(<Probe refs={[undefined, objectRef, callbackRef]} />);
    const element = view.getByTestId('probe');
    expect(objectRef.current).toBe(element);
    expect(seen).toEqual([element]);

    view.unmount();
    expect(objectRef.current).toBeNull();
    expect(seen).toEqual([element, null]);
  });

  it('when a ref callback returns a cleanup (React 19), then unmounting runs it instead of calling the ref with null', () => {
    const calls: string[] = [];
    const callbackRef = (node: HTMLDivElement | null) => {
      calls.push(node ? 'set' : 'null');
      return () => {
        calls.push('cleanup');
      };
    };
    const view = render(<Probe refs={[callbackRef]} />);
    view.unmount();
    expect(calls).toEqual(['set', 'cleanup']);
  });
});
