// `@bo/ui/widgets`: the wizard, which few pages show: each app bundles it only if it uses it.
export * from './wizard/wizard';
