import preset from '@toolgate/jest-preset/jest-preset';

export default { ...preset };
