export * from './users';
export * from './links';
export * from './billing';
export * from './mail';
export * from './content';
export * from './rate-limits';
export * from './local-billing';
export * from './sign-in-identities';
