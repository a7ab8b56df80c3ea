/** The style of the core's value classes (Immutables, Java 8) and the nullable marker they use. */
package io.pikachu.core.value;
