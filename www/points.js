// The points calculator: the page is Rust (src/ui/pages/points/view.rs); this module mounts it.
import './qitong-elements.js';
import { mountPoints } from './pkg/qitong.js';

mountPoints(document.getElementById('points'));
