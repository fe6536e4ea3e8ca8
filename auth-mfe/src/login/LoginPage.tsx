import React from 'react';

export default function LoginPage() {
  return <h1>Log In</h1>;
}
