/** What other modules use of the system module besides its service: the settings store. */
export { createSettingsRepository, type SettingsRepository } from './system.repository';
