/** @jest-environment jsdom */
import React from 'react'
import { render, renderHook, screen } from '@testing-library/react'
import { Permission, RouteButtonsProvider, usePermission } from '../core/permission'

const withButtons =
  (buttons: string[]) =>
  ({ children }: { children?: React.ReactNode }) => <RouteButtonsProvider buttons={buttons}>{children}</RouteButtonsProvider>

describe('button permission', () => {
  test('usePermission is true only for button names the current route lists', () => {
    const { result: allowed } = renderHook(() => usePermission('forbid'), { wrapper: withButtons(['forbid', 'edit']) })
    expect(allowed.current).toBe(true)
    const { result: refused } = renderHook(() => usePermission('delete'), { wrapper: withButtons(['forbid', 'edit']) })
    expect(refused.current).toBe(false)
  })

  test('outside any route nothing is permitted', () => {
    const { result } = renderHook(() => usePermission('edit'))
    expect(result.current).toBe(false)
  })

  test('<Permission> renders its children only when permitted', () => {
    render(
      <RouteButtonsProvider buttons={['edit']}>
        <Permission name="edit">
          <button>Edit</button>
        </Permission>
        <Permission name="delete">
          <button>Delete</button>
        </Permission>
      </RouteButtonsProvider>,
    )
    expect(screen.getByText('Edit')).toBeTruthy()
    expect(screen.queryByText('Delete')).toBeNull()
  })
})
