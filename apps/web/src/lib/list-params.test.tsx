import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ListParams, useListParams } from './list-params';

const SPEC = { user: 'text', entity_id: 'id', kind: ['booking', 'group'] } as const;
type Spec = typeof SPEC;

/** Renders a page that keeps every render's useListParams answer, as a debounced callback may keep an old one. */
function renderList(url: string) {
  const renders: ListParams<Spec>[] = [];
  function Page() {
    renders.push(useListParams(SPEC));
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
  return { renders, search };
}

describe('useListParams (decision 022): writes start from the address as it stands', () => {
  it('when a filter is written by a callback made before the last address rendered, then the newer filter stays', () => {
    // What a debounced field does: Mantine's useDebouncedCallback takes the new callback in a passive effect, so a
    // timer that fires just after another field's write has rendered still calls the earlier render's patchFilters.
    const { renders, search } = renderList('/list?kind=booking');
    const before = renders.at(-1)!;
    act(() => before.patchFilters({ user: 'system' }));
    expect(search()).toEqual({ kind: 'booking', user: 'system' });

    act(() => before.patchFilters({ entity_id: '41' }));
    expect(search()).toEqual({ kind: 'booking', user: 'system', entity_id: '41' });
  });

  it('when two fields write before React renders again, then neither undoes the other', () => {
    const { renders, search } = renderList('/list?kind=booking');
    const current = renders.at(-1)!;
    act(() => {
      current.patchFilters({ user: 'system' });
      current.patchFilters({ entity_id: '41' });
    });
    expect(search()).toEqual({ kind: 'booking', user: 'system', entity_id: '41' });
  });

  it('when a filter changes, then the page goes back to 1; when the same filter is applied again, then the page stays', () => {
    const { renders, search } = renderList('/list?user=system&page=3');
    act(() => renders.at(-1)!.patchFilters({ user: 'system' }));
    expect(search()).toEqual({ user: 'system', page: '3' });
    act(() => renders.at(-1)!.setFilters({ user: 'system' }));
    expect(search()).toEqual({ user: 'system', page: '3' });

    act(() => renders.at(-1)!.patchFilters({ user: 'admin' }));
    expect(search()).toEqual({ user: 'admin' });
  });

  it('when the page is set by an earlier render, then the filters written since stay', () => {
    const { renders, search } = renderList('/list');
    const first = renders.at(-1)!;
    act(() => first.patchFilters({ kind: 'group' }));
    act(() => first.pager.setPage(2));
    expect(search()).toEqual({ kind: 'group', page: '2' });
  });
});
