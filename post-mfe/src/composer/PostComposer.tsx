import React from 'react';

export default function PostComposer() {
  return <form aria-label="Create post" />;
}
