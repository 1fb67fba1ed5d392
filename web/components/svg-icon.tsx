import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(render));
}

/**
 * An antd icon drawn from its definition (@ant-design/icons-svg, the same glyphs and markup as
 * `@ant-design/icons`), without antd's icon runtime: for the screens drawn before antd is loaded
 * (login page, signed-in shell). The `anticon` rules are in styles.css.
 */
export function SvgIcon({
  icon,
  className,
  decorative,
  ...rest
}: {
  icon: IconDefinition;
  className?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
  /** Beside its own text: hidden from screen readers, so an item's name is its label alone. */ decorative?: boolean;
}) {
  const svg = icon.icon as AbstractNode;
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': icon.name };
  return (
    <span {...a11y} {...rest} className={`anticon anticon-${icon.name}${className ? ` ${className}` : ''}`}>
      <svg {...svg.attrs} data-icon={icon.name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {svg.children?.map(render)}
      </svg>
    </span>
  );
}
