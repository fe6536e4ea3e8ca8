import React from 'react';

export default function MockmanPage() {
  return <h1>Mockman</h1>;
}
