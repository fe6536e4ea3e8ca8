import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { setApiBaseUrl } from '@social/shell/bus';
import { OFFLINE_LOCAL, OFFLINE_SERVER, OfflineNotice } from '../src/offline/OfflineNotice';

function goOffline(offline: boolean, online: jest.SpyInstance) {
  online.mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  setApiBaseUrl('');
  jest.restoreAllMocks();
});

test('on the in-browser backend, says everything keeps working while offline, and goes when back online', () => {
  const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  render(<OfflineNotice />);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  goOffline(true, online);
  expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_LOCAL);
  goOffline(false, online);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
});

test('on a real server, says changes cannot be sent while offline', () => {
  setApiBaseUrl('http://127.0.0.1:4000');
  const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  render(<OfflineNotice />);
  goOffline(true, online);
  expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_SERVER);
});
