export * from './commandPool';
export * from './extractLines';
export * from './importIsaprePlans';
export * from './isapreOrganizations';
export * from './letterRepair';
export * from './planRow';
