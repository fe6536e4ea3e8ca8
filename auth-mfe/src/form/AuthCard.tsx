import React, { type ReactNode } from 'react';
import { Spinner } from '@social/shell/ui';
import './auth.css';

export interface AuthCardProps {
  title: string;
  subtitle: string;
  /** Shows the full-screen spinner while the call runs. */
  busy: boolean;
  children: ReactNode;
  footer: ReactNode;
}

/** The centred card both auth pages share: brand, heading, the form, a footer link. */
export function AuthCard({ title, subtitle, busy, children, footer }: AuthCardProps) {
  return (
    <div className="auth-page">
      <section className="auth-card card" aria-labelledby="auth-title">
        <p className="auth-card__brand" aria-hidden="true">
          <span className="auth-card__logo">◎</span> Orbit
        </p>
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        <p className="auth-card__subtitle muted">{subtitle}</p>
        {children}
        <p className="auth-card__footer">{footer}</p>
      </section>
      {busy && (
        <div className="auth-overlay">
          <Spinner size="page" />
        </div>
      )}
    </div>
  );
}
