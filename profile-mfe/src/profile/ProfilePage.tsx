import React from 'react';
import { useParams } from 'react-router-dom';

export default function ProfilePage() {
  const { userHandler } = useParams();
  return <h1>@{userHandler}</h1>;
}
