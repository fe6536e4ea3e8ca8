import React from 'react';
import { Route } from 'react-router-dom';
import { startDevHost } from '@social/shell/dev-host';
import MockmanPage from './page/MockmanPage';
import './dev/dev.css';

void startDevHost({
  name: 'mockman-mfe',
  routes: <Route path="*" element={<MockmanPage />} />,
});
