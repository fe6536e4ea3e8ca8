export const fullName = (user: { firstName: string; lastName: string }): string => `${user.firstName} ${user.lastName}`.trim();
