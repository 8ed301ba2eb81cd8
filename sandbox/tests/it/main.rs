//! Integration tests of the sandbox with real containers (run as root).
//!
//! Every case goes through [`support::run_case`], which also checks that the
//! host is untouched afterwards: no process, cgroup, mount, state or work
//! folder of the container survives, and the host canary file is unchanged.

mod cleanup;
mod containment;
mod evidence;
mod modules;
mod packages;
mod support;
