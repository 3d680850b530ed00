// The points calculator: the page is Rust (src/ui/points_view.rs); this module mounts it.
import './qitong-elements.js';
import { mountPoints } from './pkg/qitong.js';

mountPoints(document.getElementById('points'));
